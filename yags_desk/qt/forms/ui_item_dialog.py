# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'item_dialog.ui'
##
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QFormLayout, QLabel, QLineEdit, QSizePolicy,
    QVBoxLayout, QWidget)

class Ui_ItemDialog(object):
    def setupUi(self, ItemDialog) -> None:
        if not ItemDialog.objectName():
            ItemDialog.setObjectName(u"ItemDialog")
        ItemDialog.setMinimumSize(QSize(460, 0))
        self.layout = QVBoxLayout(ItemDialog)
        self.layout.setObjectName(u"layout")
        self.fields = QFormLayout()
        self.fields.setObjectName(u"fields")
        self.fields.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.name_label = QLabel(ItemDialog)
        self.name_label.setObjectName(u"name_label")

        self.fields.setWidget(0, QFormLayout.ItemRole.LabelRole, self.name_label)

        self.name_holder = QWidget(ItemDialog)
        self.name_holder.setObjectName(u"name_holder")
        self.name_box = QVBoxLayout(self.name_holder)
        self.name_box.setSpacing(2)
        self.name_box.setObjectName(u"name_box")
        self.name_box.setContentsMargins(0, 0, 0, 0)
        self.name_edit = QLineEdit(self.name_holder)
        self.name_edit.setObjectName(u"name_edit")

        self.name_box.addWidget(self.name_edit)


        self.fields.setWidget(0, QFormLayout.ItemRole.FieldRole, self.name_holder)


        self.layout.addLayout(self.fields)

        self.other_problems = QLabel(ItemDialog)
        self.other_problems.setObjectName(u"other_problems")
        self.other_problems.setStyleSheet(u"color: #d32f2f;")
        self.other_problems.setWordWrap(True)

        self.layout.addWidget(self.other_problems)

        self.buttons = QDialogButtonBox(ItemDialog)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.name_label.setBuddy(self.name_edit)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(ItemDialog)
    # setupUi

    def retranslateUi(self, ItemDialog) -> None:
        ItemDialog.setWindowTitle(QCoreApplication.translate("ItemDialog", u"New item", None))
        self.name_label.setText(QCoreApplication.translate("ItemDialog", u"Name", None))
    # retranslateUi


# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'weapon_pairs_row.ui'
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
from PySide6.QtWidgets import (QApplication, QComboBox, QHBoxLayout, QLabel,
    QSizePolicy, QToolButton, QVBoxLayout, QWidget)

class Ui_WeaponPairsRow(object):
    def setupUi(self, WeaponPairsRow) -> None:
        if not WeaponPairsRow.objectName():
            WeaponPairsRow.setObjectName(u"WeaponPairsRow")
        self.box = QVBoxLayout(WeaponPairsRow)
        self.box.setObjectName(u"box")
        self.box.setContentsMargins(0, 0, 0, 0)
        self.top = QHBoxLayout()
        self.top.setObjectName(u"top")
        self.top.setContentsMargins(0, 0, 0, 0)
        self.pairs_label = QLabel(WeaponPairsRow)
        self.pairs_label.setObjectName(u"pairs_label")

        self.top.addWidget(self.pairs_label)

        self.pair_first = QComboBox(WeaponPairsRow)
        self.pair_first.setObjectName(u"pair_first")
        self.pair_first.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.pair_first.setMinimumContentsLength(6)

        self.top.addWidget(self.pair_first)

        self.plus_label = QLabel(WeaponPairsRow)
        self.plus_label.setObjectName(u"plus_label")

        self.top.addWidget(self.plus_label)

        self.pair_second = QComboBox(WeaponPairsRow)
        self.pair_second.setObjectName(u"pair_second")
        self.pair_second.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.pair_second.setMinimumContentsLength(6)

        self.top.addWidget(self.pair_second)

        self.top.setStretch(1, 1)
        self.top.setStretch(3, 1)

        self.box.addLayout(self.top)

        self.bottom = QHBoxLayout()
        self.bottom.setObjectName(u"bottom")
        self.bottom.setContentsMargins(0, 0, 0, 0)
        self.offer_button = QToolButton(WeaponPairsRow)
        self.offer_button.setObjectName(u"offer_button")
        self.offer_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.bottom.addWidget(self.offer_button)

        self.pair_picked = QComboBox(WeaponPairsRow)
        self.pair_picked.setObjectName(u"pair_picked")
        self.pair_picked.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.pair_picked.setMinimumContentsLength(6)

        self.bottom.addWidget(self.pair_picked)

        self.remove_button = QToolButton(WeaponPairsRow)
        self.remove_button.setObjectName(u"remove_button")
        self.remove_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.bottom.addWidget(self.remove_button)

        self.bottom.setStretch(1, 1)

        self.box.addLayout(self.bottom)


        self.retranslateUi(WeaponPairsRow)
    # setupUi

    def retranslateUi(self, WeaponPairsRow) -> None:
        self.pairs_label.setText(QCoreApplication.translate("WeaponPairsRow", u"Two weapons:", None))
        self.plus_label.setText(QCoreApplication.translate("WeaponPairsRow", u"+", None))
#if QT_CONFIG(tooltip)
        self.offer_button.setToolTip(QCoreApplication.translate("WeaponPairsRow", u"Offer the fighting style with these two weapons", None))
#endif // QT_CONFIG(tooltip)
        self.offer_button.setText(QCoreApplication.translate("WeaponPairsRow", u"Offer", None))
#if QT_CONFIG(tooltip)
        self.pair_picked.setToolTip(QCoreApplication.translate("WeaponPairsRow", u"The pairs picked for this character", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(tooltip)
        self.remove_button.setToolTip(QCoreApplication.translate("WeaponPairsRow", u"Stop offering the chosen pair", None))
#endif // QT_CONFIG(tooltip)
        self.remove_button.setText(QCoreApplication.translate("WeaponPairsRow", u"Remove", None))
        pass
    # retranslateUi

